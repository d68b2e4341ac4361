/**
 * A small OpenAPI 3.1 spec with one operation and one webhook, as YAML text (a spec source `{ text }`): parameters,
 * a response body with a nested object, a webhook's request body, a named schema.
 */
export const PETS_SPEC = `openapi: 3.1.0
info: {title: Pets, version: "1"}
paths:
  /pets/{petId}:
    get:
      summary: Read a pet
      parameters:
        - {name: petId, in: path, required: true, description: Which pet, schema: {type: string, format: uuid}}
      responses:
        "200":
          description: The pet
          content:
            application/json:
              schema:
                type: object
                required: [name]
                properties:
                  name: {type: string, description: What it answers to}
                  owner: {type: object, properties: {email: {type: string}}}
webhooks:
  newPet:
    post:
      summary: A pet was added
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                petId: {type: string, description: The new pet}
      responses:
        "200": {description: Received}
components:
  schemas:
    Pet:
      type: object
      description: A pet of the store
      required: [name]
      properties:
        name: {type: string}
        tag: {type: string, description: How it is filed}
`;
